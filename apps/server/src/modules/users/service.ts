import { NotFoundError } from '../../plugins/errors.js';
import { removePhotos } from '../participation/photo-store.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { UsersRepository } from './repository.js';
import type { MediaStore } from '../../storage/media-store.js';

/** What a signed-in user may do to their own account; every call acts on `user` only. */
export function usersService(repo: UsersRepository, store: MediaStore) {
  return {
    async subscribe(user: AuthUser, guideToken: string): Promise<void> {
      const guideId = await repo.guideIdByToken(guideToken);
      if (guideId === undefined) throw new NotFoundError(`No guide with token "${guideToken}"`);
      await repo.subscribe(user.id, guideId);
    },

    subscriptions: (user: AuthUser, page: { limit: number; offset: number }) =>
      repo.subscriptions(user.id, page),

    /** Another user's subscription is as unknown as one that does not exist. */
    async subscription(user: AuthUser, id: number) {
      const [row] = await repo.subscriptions(user.id, { id, limit: 1, offset: 0 });
      if (!row) throw new NotFoundError(`No subscription ${id}`);
      return row;
    },

    /** SPEC Unregister: the account goes with its answers (photo files too), awards and subscriptions. */
    async unregister(user: AuthUser): Promise<void> {
      await removePhotos(store, await repo.deleteUser(user.id));
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;

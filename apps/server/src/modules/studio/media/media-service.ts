import type { Readable } from 'node:stream';
import { MEDIA_MAX_ANY_BYTES, type MediaKind } from '@earshot/core';
import type { AuthUser } from '../../../plugins/auth.js';
import type { StudioAccess } from '../access/access.js';
import { PayloadTooLargeError, type MediaPool, type PooledMedia } from './media-pool.js';

export type StudioMediaService = {
  /**
   * An upload for a guide's draft: the access check first (401, or 404 for a guide the user
   * may not touch), then a body declared larger than any upload may be is refused before a
   * byte of it is read (413), then the pool stores it checked by its content.
   */
  upload(
    user: AuthUser | null,
    token: string,
    body: Readable | undefined,
    declaredBytes: number | undefined,
    /** The one kind the file is for: another kind is refused as not accepted (415). */
    want?: MediaKind,
  ): Promise<PooledMedia>;
};

export function studioMediaService(access: StudioAccess, pool: MediaPool): StudioMediaService {
  return {
    async upload(user, token, body, declaredBytes, want) {
      await access.guide(user, token);
      if (declaredBytes !== undefined && declaredBytes > MEDIA_MAX_ANY_BYTES)
        throw new PayloadTooLargeError(null);
      return pool.add(body, declaredBytes, want);
    },
  };
}

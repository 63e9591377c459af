import { apiSend } from '../../../shared/api/client';

/** SPEC §7 `POST unregister/`: deletes the signed-in account with its answers and awards. */
export async function unregister(): Promise<void> {
  await apiSend('POST', 'unregister/', undefined, () => undefined);
}

import type { VisitBody } from '../../../shared/stop-visits/api/post-visit-poi';

export type Visit = VisitBody;

/**
 * Records a visit (SPEC §7 visit_poi/) through the offline queue, which sends it now when
 * online, keeps it across a reload when there is no signal, and hands the server's answer to
 * the badge news. Loaded at the first visit: the guide screen's first load carries none of it.
 */
export const recordVisit = (visit: Visit): void =>
  void loadQueue().then((m) => m.queueVisit(visit));

const loadQueue = () => import('../../../shared/stop-visits/visit-queue');

/**
 * Loads the queue's code when location comes on, while there is signal, so that a visit
 * made later without any (and without a service worker yet) still finds it.
 */
export const prepareVisits = (): void => void loadQueue().catch(() => undefined);

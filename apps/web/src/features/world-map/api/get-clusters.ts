import { clustersPath, type MapView } from '@earshot/core';
import { apiGet, incompatibleAnswer } from '../../../shared/api/client';

/** One marker of a large catalogue's world map: a guide (`token`) or a number of them. */
export type Cluster = { lat: number; lng: number; count: number; token?: string };

export function parseClusters(data: unknown): Cluster[] {
  const list = (data as { clusters?: unknown } | null)?.clusters;
  const ok =
    Array.isArray(list) &&
    list.every(
      (c: Partial<Cluster> | null) =>
        typeof c?.lat === 'number' &&
        typeof c.lng === 'number' &&
        typeof c.count === 'number' &&
        (c.token === undefined || c.token === null || typeof c.token === 'string'),
    );
  if (!ok) throw incompatibleAnswer();
  return list as Cluster[];
}

/** `GET guide-summary/clusters?bbox=&zoom=` (docs/scale-out.md §3): grid clusters of a box. */
export const getClusters = (box: MapView, zoom: number, signal?: AbortSignal) =>
  apiGet(clustersPath(box, zoom), parseClusters, signal);

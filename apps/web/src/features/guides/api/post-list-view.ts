import { useMutation } from '@tanstack/react-query';

export type ListViewEvent = { kind: 'city-list-view' | 'state-list-view'; place: string };

/** Records a city or state list view on our own tracking endpoint. Failures are ignored. */
export async function postListView(event: ListViewEvent): Promise<void> {
  await fetch('/api/v1/events/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
  }).catch(() => undefined);
}

export const usePostListView = () => useMutation({ mutationFn: postListView });

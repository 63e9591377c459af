import { offlineReady } from '../../../shared/offline/service-worker';

/**
 * A system notification when the visitor allowed them, through the service worker (Android's
 * Chrome has no page notifications; on a page just opened, the worker may still be
 * installing, so it is waited for a moment); false otherwise, and the caller shows its
 * in-app notice instead.
 */
export async function systemNotify(title: string, body: string, tag: string): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  try {
    if (await offlineReady(3000)) {
      const reg = await navigator.serviceWorker.ready;
      await reg.showNotification(title, { body, tag, icon: '/icons/icon-192.png' });
    } else new Notification(title, { body, tag, icon: '/icons/icon-192.png' });
    return true;
  } catch {
    return false;
  }
}

/** Whether asking for notifications makes sense: supported and not yet answered. */
export const canAskNotifications = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'default';

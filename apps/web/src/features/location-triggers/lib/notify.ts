/**
 * A system notification when the visitor allowed them (through the service worker where
 * there is one: Android's Chrome has no page notifications), else false so the caller
 * shows its in-app toast.
 */
export async function systemNotify(title: string, body: string, tag: string): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    if (reg) await reg.showNotification(title, { body, tag, icon: '/icons/icon-192.png' });
    else new Notification(title, { body, tag, icon: '/icons/icon-192.png' });
    return true;
  } catch {
    return false;
  }
}

/** Whether asking for notifications makes sense: supported and not yet answered. */
export const canAskNotifications = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'default';

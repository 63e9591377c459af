import { CloseIcon, PinIcon } from '../../../shared/ui/icons';
import { currentToast, useToasts } from '../hooks/use-toasts';
import styles from './location-toast.module.css';

/** The in-app notice of the location feature, above the footer player; read out politely. */
export function LocationToast() {
  const toast = useToasts(currentToast);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label="Location notices">
      {toast && (
        <div className={styles.toast} key={toast.id}>
          <PinIcon size={20} aria-hidden="true" />
          <p className={styles.text}>{toast.text}</p>
          {toast.action && (
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                toast.action!.run();
                dismiss();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button type="button" className={styles.close} aria-label="Dismiss" onClick={dismiss}>
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </div>
  );
}

import { useSelectedLanguage } from '../../../shared/lib/selected-language';
import { GlobeIcon } from '../../../shared/ui/icons';
import { useGuide, useVisitLanguage } from '../../../shared/visit/use-guide';
import styles from './footer-player.module.css';

/** SPEC §2: the visit language, offered when the guide has more than one. */
export function LanguageSelect() {
  const guide = useGuide();
  const language = useVisitLanguage();
  const select = useSelectedLanguage((s) => s.select);
  if (guide.languages.length < 2) return null;
  return (
    <label className={styles.language}>
      <GlobeIcon size={18} />
      <span className="visually-hidden">Language</span>
      <select value={language ?? ''} onChange={(e) => select(guide.token, e.currentTarget.value)}>
        {guide.languages.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}

import { Link } from 'react-router';
import { LogoMark } from '../../shared/ui/icons';
import { usePageTitleValue } from '../../shared/lib/page-title';
import { CONTACT_MAIL } from './contact';
import { DrawerMenu } from './drawer-menu';
import styles from './header.module.css';

export function Header() {
  const title = usePageTitleValue();
  return (
    <header className={`${styles.header} es-header`}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label="Earshot, all guides">
          <LogoMark size={32} />
          <span className={styles.name}>Earshot</span>
        </Link>
        {title && (
          <span className={styles.title} aria-hidden="true">
            {title}
          </span>
        )}
        <nav className={styles.wide} aria-label="About Earshot">
          <Link to="/about">About</Link>
          <a href={`mailto:${CONTACT_MAIL}`}>Contact</a>
        </nav>
        <DrawerMenu />
      </div>
    </header>
  );
}

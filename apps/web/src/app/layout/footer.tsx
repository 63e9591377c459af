import { NavLink } from 'react-router';
import { ListIcon, MapIcon } from '../../shared/ui/icons';
import styles from './footer.module.css';

/** Footer with the list and map buttons (SPEC §2 Main layout). */
export function Footer() {
  const cls = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.button} ${styles.active}` : styles.button;
  return (
    <footer className={styles.footer}>
      <nav className={styles.inner} aria-label="Views">
        <NavLink to="/" end className={cls}>
          <ListIcon />
          <span>List</span>
        </NavLink>
        <NavLink to="/map" className={cls}>
          <MapIcon />
          <span>Map</span>
        </NavLink>
      </nav>
    </footer>
  );
}

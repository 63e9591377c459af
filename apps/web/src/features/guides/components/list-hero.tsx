import styles from './guide-list-screen.module.css';

/**
 * Top of a guide list screen: its heading, the intro and how many guides it holds. The
 * count line keeps its height while the list loads, so nothing below it moves.
 */
export function ListHero({ heading, count }: { heading: string; count?: string }) {
  return (
    <section className={styles.hero}>
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.sub}>Put your headphones in and go.</p>
      <p className={styles.count}>
        {count ?? <span className={styles.countPending} aria-hidden="true" />}
      </p>
    </section>
  );
}

import styles from './guide-list-screen.module.css';

/**
 * Top of a guide list screen: its heading, the intro and how many guides it holds. The
 * count line keeps its height while the list loads, so nothing below it moves.
 */
export function ListHero({
  heading,
  count,
  level = 'h1',
}: {
  heading: string;
  count?: string;
  /** h2 on a page that has its own h1 (the guide list test). */
  level?: 'h1' | 'h2';
}) {
  const Heading = level;
  return (
    <section className={styles.hero}>
      <Heading className={styles.heading}>{heading}</Heading>
      <p className={styles.sub}>Put your headphones in and go.</p>
      <p className={styles.count}>
        {count ?? <span className={styles.countPending} aria-hidden="true" />}
      </p>
    </section>
  );
}

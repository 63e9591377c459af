import styles from './about.module.css';

export function About() {
  return (
    <article className={styles.page}>
      <h1>About Earshot</h1>
      <p className={styles.lead}>
        Earshot is a pocket audio guide for walks of public art, history and sculpture. Pick a walk,
        let the app prepare it for offline use, and explore stop by stop with a map, pictures and a
        story to listen to at each place.
      </p>
      <h2>How it works</h2>
      <ul>
        <li>Browse guides by city, by state, by search or on the world map.</li>
        <li>Preload a guide before you go, so it works even where the signal is weak.</li>
        <li>
          At each stop, listen to its audio, look through its pictures, and find the next one on the
          map.
        </li>
        <li>Type a stop’s number on the keypad when you see it on a sign.</li>
      </ul>
      <p>Earshot works on phones and computers, and can be installed to your home screen.</p>
    </article>
  );
}

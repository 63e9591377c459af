// One simulated visitor: journeys through the HTTP API as the web app makes them, again and
// again until the time is up. Browse the home list, the cities and the world map's table,
// search, open a guide and its theme, fetch stops' audio by byte range, report plays (the
// tracking call and the insights events), register (first journey) or sign in (later ones,
// now and then with a mistyped password first), then on the flagship guide: subscribe, visit
// stops (badge points), answer its challenges and read the answers, awards and badges back.
// Visits and answers carry an Idempotency-Key and some are sent twice (as the app's offline
// queue retries after a lost reply): the database must still hold each once.
import { randomUUID } from 'node:crypto';
import { answerFor, chance, pick } from './visitor-answers.js';
import { CallError, count, type Client } from './visitor-http.js';

export const FLAGSHIP = 'riverfront-sculpture-walk';
const WORDS = ['river', 'mural', 'sculpture', 'history', 'portland', 'fountain', 'bridge'];
const PASSWORD = 'correct horse battery staple';

/** What one visitor sent that the database must hold exactly once. */
export type VisitorLedger = {
  email: string;
  /** Its sign-up was answered (a visitor whose time ran out before has no account). */
  registered: boolean;
  /** Challenge ids answered (each once, whether its reply was 201 or a replayed 200). */
  answered: number[];
  /** `guide_token/poi_token` of every POI visited while signed in. */
  visited: string[];
  /**
   * Writes whose request got no answer (a timeout: already an error): the database may hold
   * them or not, so they count neither as lost nor as duplicated.
   */
  inDoubt: { registered: boolean; answered: number[]; visited: string[] };
};

/** Runs a write; when no answer comes, `doubt` notes that the server may have done it. */
async function noting<T>(write: () => Promise<T>, doubt: () => void): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof CallError && e.unanswered) doubt();
    throw e;
  }
}

type Poi = { token: string; audio_url: string | null };
type Guide = { token: string; languages: { code: string }[]; pois: Poi[] };
type Challenge = { id: number; resourcetype: string; poi_token: string | null };

export type JourneyOptions = {
  thinkMs: number;
  /** `GET tours/search` exists on this server (the catalogue's server-side search). */
  search: boolean;
  photoDataUrl: string;
  /** Stop starting journeys at this time (performance.now()). */
  until: number;
};

export class Visitor {
  readonly ledger: VisitorLedger;
  private readonly answered = new Set<number>();
  private readonly visited = new Set<string>();
  /** The current visit's insights token (POST insights/visits/). */
  private visitToken = '';
  journeys = 0;

  constructor(
    private readonly http: Client,
    private readonly opts: JourneyOptions,
    id: string,
  ) {
    this.ledger = {
      email: `load-${id}@example.test`,
      registered: false,
      answered: [],
      visited: [],
      inDoubt: { registered: false, answered: [], visited: [] },
    };
  }

  private think() {
    const ms = this.opts.thinkMs * (0.5 + Math.random());
    return new Promise((r) => setTimeout(r, ms));
  }

  /** Journeys until the time is up; a failed call ends that journey (counted as an error). */
  async run() {
    while (performance.now() < this.opts.until) {
      try {
        await this.journey();
        this.journeys++;
      } catch (e) {
        if (!(e instanceof CallError)) throw e;
        await this.think();
      }
    }
  }

  private async journey() {
    const h = this.http;
    const tours = await h.call<{ token: string }[]>({ name: 'GET tours', path: '/api/v1/tours' });
    await this.think();
    await h.call({ name: 'GET cities', path: '/api/v1/cities' });
    await h.call({ name: 'GET guide-summary', path: '/api/v1/guide-summary' });
    await this.think();
    if (this.opts.search) {
      const q = encodeURIComponent(pick(WORDS));
      await h.call({ name: 'GET tours/search', path: `/api/v1/tours/search?q=${q}` });
      await this.think();
    }

    const token = chance(0.6) ? FLAGSHIP : pick(tours.data).token;
    const guide = (
      await h.call<Guide>({ name: 'GET tour-by-token', path: `/api/v1/tour-by-token/${token}` })
    ).data;
    await h.call({ name: 'GET theme', path: `/api/v1/guides/${token}/theme` });
    const language = guide.languages[0]?.code ?? 'en';
    // The visit's token (docs/insights.md "Visit tokens"), asked as the app's sender does before
    // its events.
    const visit = (
      await this.http.call<{ visit_id: string; token: string }>({
        name: 'POST insights/visits',
        method: 'POST',
        path: '/api/v1/insights/visits/',
        body: { guide_token: token, visit_id: randomUUID() },
      })
    ).data;
    this.visitToken = visit.token;
    const visitId = visit.visit_id;
    await this.insights([this.event(visitId, token, language, 'guide-open')]);
    await this.think();

    for (const poi of this.somePois(guide.pois, 2))
      await this.listen(guide, poi, visitId, language);

    await this.signInOrRegister();
    if (token === FLAGSHIP) await this.participate(guide, language);
    if (chance(0.3)) {
      await h.call({ name: 'POST sign-out', method: 'POST', path: '/api/auth/sign-out', body: {} });
      h.token = null;
    }
    await this.think();
  }

  private somePois(pois: Poi[], most: number): Poi[] {
    const shuffled = [...pois].sort(() => Math.random() - 0.5);
    return shuffled.slice(0, 1 + Math.floor(Math.random() * most));
  }

  /** A stop's audio in two byte ranges (as the audio element asks), its play reported. */
  private async listen(guide: Guide, poi: Poi, visitId: string, language: string) {
    const h = this.http;
    if (poi.audio_url) {
      const first = await h.call({
        name: 'GET audio (Range)',
        path: poi.audio_url,
        headers: { range: 'bytes=0-32767' },
        ok: [206],
        bytes: true,
      });
      const size = Number(/\/(\d+)$/.exec(first.headers.get('content-range') ?? '')?.[1]);
      if (first.bytes !== Math.min(32_768, size))
        h.fail(`audio range answered ${first.bytes} bytes of ${size}`);
      if (size > 32_768)
        await h.call({
          name: 'GET audio (Range)',
          path: poi.audio_url,
          headers: { range: `bytes=32768-${Math.min(size, 98_304) - 1}` },
          ok: [206],
          bytes: true,
        });
    }
    await noting(
      () =>
        h.call({
          name: 'POST track_poi',
          method: 'POST',
          path: '/api/v1/track_poi/',
          body: { guide_token: guide.token, poi_token: poi.token, language, kind: 'play' },
          ok: [201],
        }),
      () => count(h.stats.sent, 'plays in doubt'),
    );
    count(h.stats.sent, 'plays');
    await this.insights([
      { ...this.event(visitId, guide.token, language, 'stop-select', poi.token), trigger: 'tap' },
      { ...this.event(visitId, guide.token, language, 'audio-start', poi.token), trigger: 'tap' },
      {
        ...this.event(visitId, guide.token, language, 'audio-heard', poi.token),
        heard: Math.floor(Math.random() * 101),
      },
    ]);
    await this.think();
  }

  private event(visitId: string, guide: string, language: string, kind: string, poi?: string) {
    const now = new Date();
    return {
      id: randomUUID(),
      visit_id: visitId,
      guide_token: guide,
      kind,
      ...(poi ? { poi_token: poi } : {}),
      language,
      day: now.toISOString().slice(0, 10),
      hour: now.getUTCHours(),
      visit_token: this.visitToken,
    };
  }

  /** An insights batch; one in five is sent again (a beacon and the queue both sent it). */
  private async insights(events: object[]) {
    const send = () =>
      this.http.call<{ accepted: number; duplicates: number; rejected: number }>({
        name: 'POST insights/events',
        method: 'POST',
        path: '/api/v1/insights/events/',
        body: { events },
      });
    const first = await noting(send, () =>
      count(this.http.stats.sent, 'insights events in doubt', events.length),
    );
    if (first.data.accepted !== events.length)
      this.http.fail(`insights accepted ${JSON.stringify(first.data)} of ${events.length}`);
    count(this.http.stats.sent, 'insights events', events.length);
    if (chance(0.2)) {
      const again = await send();
      if (again.data.duplicates !== events.length)
        this.http.fail(`insights resent: ${JSON.stringify(again.data)}`);
    }
  }

  /**
   * A returning visitor's account, made before the clock starts (not timed, not counted in
   * the calls): on the first journey they sign in instead of registering.
   */
  async registerBeforehand() {
    await this.signUp('sign-up before the run');
    this.http.token = null;
  }

  private async signUp(name: string) {
    const h = this.http;
    const email = this.ledger.email;
    const r = await noting(
      () =>
        h.call({
          name,
          method: 'POST',
          path: '/api/auth/sign-up/email',
          body: { email, password: PASSWORD, name: `Visitor ${email.slice(5, 13)}` },
        }),
      () => (this.ledger.inDoubt.registered = true),
    );
    this.ledger.registered = true;
    h.token = r.headers.get('set-auth-token');
  }

  private async signInOrRegister() {
    const h = this.http;
    if (h.token) return;
    const email = this.ledger.email;
    // A sign-up whose reply was lost (a timeout: already an error) may have made the account:
    // as a person would, the visitor then signs in rather than registering again (a 422).
    if (!this.ledger.registered && !this.ledger.inDoubt.registered) {
      await this.signUp('POST sign-up/email');
    } else {
      if (chance(0.15))
        await h.call({
          name: 'POST sign-in/email',
          method: 'POST',
          path: '/api/auth/sign-in/email',
          body: { email, password: `${PASSWORD}!` },
          refused: { 401: 'mistyped password refused (401)' },
          ok: [],
        });
      const r = await h.call({
        name: 'POST sign-in/email',
        method: 'POST',
        path: '/api/auth/sign-in/email',
        body: { email, password: PASSWORD },
      });
      h.token = r.headers.get('set-auth-token');
    }
    if (!h.token) h.fail('no set-auth-token after signing in');
    await this.think();
  }

  /** The flagship's badges and hunt, signed in. */
  private async participate(guide: Guide, language: string) {
    const h = this.http;
    const t = guide.token;
    await h.call({
      name: 'POST subscribe',
      method: 'POST',
      path: `/api/v1/guides_by_token/${t}/subscribe/`,
      ok: [204],
    });
    for (const poi of this.somePois(guide.pois, 3)) {
      const key = randomUUID();
      const visit = () =>
        h.call({
          name: 'POST visit_poi',
          method: 'POST',
          path: '/api/v1/visit_poi/',
          body: { guide_token: t, poi_token: poi.token, language },
          headers: { 'idempotency-key': key },
          ok: [200, 201],
        });
      const where = `${t}/${poi.token}`;
      await noting(visit, () => this.ledger.inDoubt.visited.push(where));
      if (chance(0.2)) await visit();
      if (!this.visited.has(`${t}/${poi.token}`)) {
        this.visited.add(`${t}/${poi.token}`);
        this.ledger.visited.push(`${t}/${poi.token}`);
      }
    }
    await this.think();
    const challenges = (
      await h.call<Challenge[]>({
        name: 'GET challenges',
        path: `/api/v1/challenges?scavenger_hunt__guide__token=${t}`,
      })
    ).data;
    const open = challenges.filter((c) => !this.answered.has(c.id));
    for (const c of open.slice(0, 2)) await this.answer(c, language);
    const hunt = challenges[0] ? `?challenge__scavenger_hunt=${challenges[0].id}` : '';
    await h.call({ name: 'GET user_answers', path: `/api/v1/user_answers${hunt}` });
    await h.call({ name: 'GET awards', path: `/api/v1/awards?badge__guide__token=${t}` });
    await h.call({ name: 'GET badges', path: `/api/v1/badges?guide__token=${t}` });
  }

  private async answer(c: Challenge, language: string) {
    const h = this.http;
    const options =
      c.resourcetype === 'MultipleChoiceChallenge'
        ? (
            await h.call<{ id: number }[]>({
              name: 'GET multiple_choice_options',
              path: `/api/v1/multiple_choice_options?challenge=${c.id}`,
            })
          ).data
        : [];
    const { value, resourcetype } = answerFor(c.resourcetype, options, this.opts.photoDataUrl);
    const key = randomUUID();
    const send = (name: string) =>
      h.call({
        name,
        method: 'POST',
        path: '/api/v1/user_answers/',
        body: { challenge: c.id, value, resourcetype },
        headers: { 'idempotency-key': key, 'x-language': language },
        ok: [200, 201],
      });
    await noting(
      () =>
        send(
          resourcetype === 'UserPhotoChallengeAnswer'
            ? 'POST user_answers (photo)'
            : 'POST user_answers',
        ),
      () => this.ledger.inDoubt.answered.push(c.id),
    );
    this.answered.add(c.id);
    this.ledger.answered.push(c.id);
    if (chance(0.2)) await send('POST user_answers (resent)');
    await this.think();
  }
}

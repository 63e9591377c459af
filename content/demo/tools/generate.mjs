// Writes the demo bundles in content/demo/<token>/ : guide.json plus media made with
// Debian's espeak-ng (speech), ffmpeg (MP3) and ImageMagick (pictures). Deterministic:
// the same data gives the same files. Run: node content/demo/tools/generate.mjs
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { flagship } from './flagship.mjs';
import { guides } from './guides.mjs';

const run = promisify(execFile);
const DEMO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FICTION = '<p><em>Demo guide: the artworks, artists and stories here are fictional.</em></p>';

const seed = (s) => createHash('sha256').update(s).digest();
const shade = (hex, f) =>
  '#' +
  [0, 2, 4]
    .map((i) => Math.max(0, Math.min(255, Math.round(parseInt(hex.slice(i, i + 2), 16) * f))))
    .map((n) => n.toString(16).padStart(2, '0'))
    .join('');

/** A gradient picture in the given colour with soft circles, a title band and text. */
async function picture(file, { w, h, color, title, subtitle, salt }) {
  const s = seed(`${title}|${salt}`);
  const cx = (k) => Math.round((s[k] / 255) * w);
  const cy = (k) => Math.round((s[k] / 255) * h * 0.7);
  const r = (k) => Math.round(h * (0.15 + (s[k] / 255) * 0.35));
  const size = Math.max(
    22,
    Math.min(Math.round(w / 18), Math.round((w * 1.6) / Math.max(8, title.length))),
  );
  const band = Math.round(h * 0.3);
  await run('convert', [
    '-size',
    `${w}x${h}`,
    '-define',
    `gradient:angle=${120 + (s[9] % 60)}`,
    `gradient:${shade(color, 1.15)}-${shade(color, 0.45)}`,
    '-fill',
    'rgba(255,255,255,0.13)',
    '-draw',
    `circle ${cx(1)},${cy(2)} ${cx(1)},${cy(2) + r(3)}`,
    '-fill',
    'rgba(255,255,255,0.08)',
    '-draw',
    `circle ${cx(4)},${cy(5)} ${cx(4)},${cy(5) + r(6)}`,
    '-fill',
    'rgba(0,0,0,0.10)',
    '-draw',
    `circle ${cx(7)},${cy(8)} ${cx(7)},${cy(8) + r(10)}`,
    '-fill',
    'rgba(0,0,0,0.30)',
    '-draw',
    `rectangle 0,${h - band} ${w},${h}`,
    '-font',
    FONT_BOLD,
    '-pointsize',
    String(size),
    '-fill',
    'white',
    '-annotate',
    `+${Math.round(w * 0.05)}+${h - Math.round(band * 0.5)}`,
    title,
    '-font',
    FONT,
    '-pointsize',
    String(Math.round(size * 0.55)),
    '-fill',
    'rgba(255,255,255,0.88)',
    '-annotate',
    `+${Math.round(w * 0.05)}+${h - Math.round(band * 0.18)}`,
    subtitle,
    '-strip',
    '-interlace',
    'JPEG',
    '-sampling-factor',
    '4:2:0',
    '-quality',
    '70',
    file,
  ]);
}

/** A cover picture without text: gradient sky, soft sun and a skyline silhouette. */
async function cover(file, { w, h, color, salt }) {
  const s = seed(salt);
  const draws = [];
  let x = 0;
  let k = 0;
  while (x < w) {
    const bw = Math.round(w * (0.04 + (s[k % 32] / 255) * 0.07));
    const bh = Math.round(h * (0.12 + (s[(k + 7) % 32] / 255) * 0.33));
    draws.push('-draw', `rectangle ${x},${h - bh} ${x + bw - 4},${h}`);
    x += bw;
    k++;
  }
  const sun = [
    Math.round(w * (0.2 + (s[3] / 255) * 0.6)),
    Math.round(h * (0.2 + (s[4] / 255) * 0.2)),
  ];
  await run('convert', [
    '-size',
    `${w}x${h}`,
    '-define',
    `gradient:angle=${160 + (s[9] % 40)}`,
    `gradient:${shade(color, 1.35)}-${shade(color, 0.7)}`,
    '-fill',
    'rgba(255,236,190,0.55)',
    '-draw',
    `circle ${sun[0]},${sun[1]} ${sun[0]},${sun[1] + Math.round(h * 0.09)}`,
    '-fill',
    'rgba(255,255,255,0.10)',
    '-draw',
    `circle ${sun[0]},${sun[1]} ${sun[0]},${sun[1] + Math.round(h * 0.2)}`,
    '-fill',
    shade(color, 0.38),
    ...draws,
    '-strip',
    '-interlace',
    'JPEG',
    '-sampling-factor',
    '4:2:0',
    '-quality',
    '72',
    file,
  ]);
}

/** A round medal for a badge level. */
async function medal(file, { label, color }) {
  await run('convert', [
    '-size',
    '256x256',
    'xc:none',
    '-fill',
    shade(color, 0.6),
    '-draw',
    'circle 128,128 128,8',
    '-fill',
    `#${color}`,
    '-draw',
    'circle 128,128 128,22',
    '-fill',
    'rgba(255,255,255,0.25)',
    '-draw',
    'circle 128,128 128,60',
    '-font',
    FONT_BOLD,
    '-pointsize',
    '34',
    '-fill',
    'white',
    '-gravity',
    'center',
    '-annotate',
    '+0+0',
    label,
    '-strip',
    `PNG8:${file}`,
  ]);
}

/** Speech for a stop: espeak-ng → mono 22.05 kHz MP3 at 32 kbit/s, without metadata. */
async function speech(file, voice, text, tmp) {
  const wav = path.join(tmp, `${path.basename(file)}.wav`);
  await run('espeak-ng', ['-v', voice, '-s', '155', '-w', wav, text]);
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    wav,
    '-ac',
    '1',
    '-ar',
    '22050',
    '-b:a',
    '32k',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    file,
  ]);
  await rm(wav);
}

/** Runs jobs two at a time (the machine has two cores). */
async function pool(jobs, width = 2) {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length) await queue.shift()();
    }),
  );
}

function flagshipBundle() {
  const f = flagship;
  const jobs = [];
  const media = (p) => `media/${p}`;
  const pois = f.pois.map((p, i) => {
    const n = String(i + 1).padStart(2, '0');
    const token = `rsw-${n}`;
    const images = [1, 2, 3].slice(0, 2 + (i % 2)).map((k) => media(`${token}-${k}.jpg`));
    images.forEach((img, k) =>
      jobs.push((dir) =>
        picture(path.join(dir, img), {
          w: 800,
          h: 600,
          color: p.color,
          title: p.en[0],
          subtitle: k === 0 ? p.en[1] : ['Detail', 'From the path'][k - 1],
          salt: `${token}-${k}`,
        }),
      ),
    );
    const content = {};
    for (const [code, voice] of [
      ['en', 'en-us'],
      ['es', 'es'],
    ]) {
      const [title, subtitle, text] = p[code];
      const audio = media(`${token}-${code}.mp3`);
      const transcript = `${title}. ${text}`;
      jobs.push((dir, tmp) => speech(path.join(dir, audio), voice, transcript, tmp));
      content[code] = { title, subtitle, description: `<p>${text}</p>`, audio, transcript };
    }
    return {
      token,
      lat: p.lat,
      lng: p.lng,
      color: p.color,
      icon: p.icon,
      layer: p.layer,
      keypad_code: 101 + i,
      images,
      content,
    };
  });
  const badges = f.badges.map((b) => ({
    token: b.token,
    name: b.name,
    message: b.message,
    image: media(`${b.token}.png`),
    levels: b.levels.map(([name, required]) => ({
      token: `${b.token}-${name.toLowerCase()}`,
      name,
      required,
      image: media(`${b.token}-${name.toLowerCase()}.png`),
    })),
  }));
  const medalColor = { Bronze: 'b0703c', Silver: '8a949e', Gold: 'c99a06' };
  for (const b of badges) {
    jobs.push((dir) =>
      medal(path.join(dir, b.image), { label: b.name.split(' ')[0], color: '0f5f73' }),
    );
    for (const l of b.levels)
      jobs.push((dir) =>
        medal(path.join(dir, l.image), { label: l.name, color: medalColor[l.name] }),
      );
  }
  const hunts = [
    {
      key: f.hunt.key,
      name: f.hunt.name,
      subtitle: f.hunt.subtitle,
      description: f.hunt.description,
      challenges: f.hunt.challenges.map((c) => ({
        key: c.key,
        resourcetype: c.resourcetype,
        title: c.title,
        subtitle: c.subtitle,
        description: c.description,
        icon: c.icon,
        poi: pois[c.poi].token,
        multi_choice: c.resourcetype === 'MultipleChoiceChallenge',
        ...(c.value !== undefined ? { value: c.value } : {}),
        options: (c.options ?? []).map((o) => ({ key: o.toLowerCase(), value: o })),
        correct_answers: c.correct ? [{ value: c.correct, is_correct: true }] : [],
      })),
    },
  ];
  jobs.push((dir) =>
    cover(path.join(dir, 'media/splash.jpg'), { w: 1200, h: 800, color: '0f5f73', salt: f.token }),
  );
  jobs.push((dir) =>
    picture(path.join(dir, 'media/cover.jpg'), {
      w: 800,
      h: 600,
      color: '0f5f73',
      title: 'Riverfront',
      subtitle: '14 stops · 2 km',
      salt: 'cover',
    }),
  );
  const bundle = {
    format: 'earshot-guide-bundle/1',
    guide: {
      token: f.token,
      title: f.title,
      description: f.description,
      city: f.city,
      map_type: f.map_type,
      splash: 'media/splash.jpg',
      images: ['media/splash.jpg', 'media/cover.jpg'],
      languages: f.languages,
      route: f.route,
      has_keypad: true,
      poi_play_on_select: true,
      photo_share_hashtag: f.photo_share_hashtag,
      photo_share_text: f.photo_share_text,
      radii: f.radii,
      theme: f.theme,
    },
    layers: f.layers,
    pois,
    badges,
    hunts,
  };
  return { bundle, jobs };
}

function simpleBundle(g, index) {
  const jobs = [];
  const code = g.token
    .split('-')
    .map((w) => w[0])
    .join('')
    .slice(0, 4);
  const n = g.pois.length;
  const pois = g.pois.map((p, i) => {
    const a = (2 * Math.PI * i) / n;
    const token = `${code}${index}-${i + 1}`;
    const images = (i % 3 === 0 ? [1, 2] : [1]).map((k) => `media/${token}-${k}.jpg`);
    images.forEach((img, k) =>
      jobs.push((dir) =>
        picture(path.join(dir, img), {
          w: 800,
          h: 600,
          color: g.color,
          title: p.title,
          subtitle: k === 0 ? p.subtitle : 'Detail',
          salt: `${token}-${k}`,
        }),
      ),
    );
    const audio = `media/${token}.mp3`;
    const transcript = `${p.title}. ${p.text}`;
    jobs.push((dir, tmp) => speech(path.join(dir, audio), 'en-us', transcript, tmp));
    return {
      token,
      lat: Number((g.at[0] + 0.0011 * Math.cos(a)).toFixed(6)),
      lng: Number((g.at[1] + 0.0015 * Math.sin(a)).toFixed(6)),
      color: g.color,
      keypad_code: i + 1,
      ...(p.hide_map && { hide_map: true }),
      ...(p.hide_directions && { hide_directions: true }),
      images,
      content: {
        en: {
          title: p.title,
          subtitle: p.subtitle,
          description: `<p>${p.text}</p>`,
          audio,
          transcript,
        },
      },
    };
  });
  jobs.push((dir) =>
    cover(path.join(dir, 'media/splash.jpg'), { w: 1200, h: 800, color: g.color, salt: g.token }),
  );
  const bundle = {
    format: 'earshot-guide-bundle/1',
    guide: {
      token: g.token,
      title: g.title,
      description: `<p>${g.intro}</p>${FICTION}`,
      city: { name: g.city[0], state: g.city[1] },
      map_type: g.map_type,
      coming_soon: Boolean(g.coming_soon),
      splash: 'media/splash.jpg',
      images: ['media/splash.jpg'],
      has_keypad: index % 2 === 0,
    },
    pois,
  };
  return { bundle, jobs };
}

// --json-only: rewrite guide.json and leave the committed media as they are (a change of text
// fields that the media do not show, such as transcripts, needs no espeak-ng or ImageMagick).
const jsonOnly = process.argv.includes('--json-only');
const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
const all = [flagshipBundle(), ...guides.map(simpleBundle)].filter(
  (b) => !only || b.bundle.guide.token === only,
);
const tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-demo-'));
for (const { bundle, jobs } of all) {
  const dir = path.join(DEMO, bundle.guide.token);
  if (!jsonOnly) await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'media'), { recursive: true });
  await writeFile(path.join(dir, 'guide.json'), JSON.stringify(bundle, null, 2) + '\n');
  if (!jsonOnly) await pool(jobs.map((job) => () => job(dir, tmp)));
  console.log(
    `${bundle.guide.token}: ${bundle.pois.length} POIs` +
      (jsonOnly ? ', guide.json only' : `, ${jobs.length} media files`),
  );
}
await rm(tmp, { recursive: true, force: true });

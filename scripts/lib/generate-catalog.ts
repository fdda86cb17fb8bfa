/**
 * Writes a large, valid content folder for the build benchmark: a copy of the real content/
 * (site, podcast, schedule, shop, knowledge, exclusive, AI notes, and the real videos and clips
 * the schedule points at) plus generated videos and clips up to the requested totals.
 *
 * Deterministic: the same seed and sizes give the same files, so build timings compare like with
 * like. Generated records are spread over every category, carry 2–5 tags from a shared pool and
 * text built from a fixed vocabulary, so filters and searches hit realistic fractions.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, stringify } from 'yaml';
import { seededRandom } from './seeded-random.ts';

export interface GenerateOptions {
  /** The real content folder to copy. */
  sourceDir: string;
  /** Emptied and rewritten. */
  outDir: string;
  /** Approved (published) videos in the result, real ones included. */
  videos: number;
  /** Clips in the result, real ones included. */
  clips: number;
  seed: number;
}

export interface GenerateResult {
  publishedVideos: number;
  videoFiles: number;
  clipFiles: number;
  generatedVideos: number;
  generatedClips: number;
}

const adjectives = ['Slow', 'Quiet', 'Bright', 'Golden', 'Wild', 'Patient', 'Curious', 'Hidden', 'Seasonal', 'Coastal', 'Midnight', 'Morning', 'Sunlit', 'Rainy', 'Humble', 'Careful'];
const nouns = ['Garden', 'Harvest', 'Kitchen', 'Canopy', 'Greenhouse', 'Studio', 'Market', 'Workshop', 'Lab', 'Festival', 'Archive', 'Orchard', 'Terrace', 'Cellar', 'Field', 'Radio'];
const topics = [
  'Soil Health',
  'Terpene Pairings',
  'Curing Jars',
  'Light Schedules',
  'Compost Teas',
  'Herbal Butter',
  'Glass Art',
  'Policy Roundup',
  'Lab Testing',
  'Trichome Checks',
  'Seed Saving',
  'Mocktail Hour',
  'Pest Patrol',
  'Oral Histories',
  'Decarb Basics',
  'Drying Racks',
];
const sentences = [
  'The hosts walk through each step slowly, with time to pause and take notes.',
  'A practical look at what works at home, what does not, and why.',
  'Guests from the community share how they learned, including the mistakes.',
  'We check common myths against published research in plain language.',
  'Recipes and techniques are shown without infusion unless stated otherwise.',
  'Filmed on a small farm where growing is legal, across a full season.',
  'A relaxed episode with close-up shots and a short recap at the end.',
  'Includes a checklist viewers can print and keep in the workshop.',
  'The crew visits makers, growers and cooks along the coast.',
  'Everything shown is educational and follows local law.',
];
const tagPool = [
  'beginners',
  'indoor',
  'outdoor',
  'organic',
  'soil',
  'harvest',
  'curing',
  'recipes',
  'baking',
  'infusions',
  'terpenes',
  'chemistry',
  'lab-testing',
  'policy',
  'roundup',
  'community',
  'music',
  'art',
  'makers',
  'history',
  'seasonal',
  'lighting',
  'pests',
  'myths',
  'festivals',
  'explainer',
  'craft',
  'pairings',
  'consumer-safety',
  'biology',
];

const day = 86_400_000;
/** Written as YAML 1.1 tools need it (dates quoted), which the build requires of content. */
const yaml11 = { version: '1.1' } as const;
/** Generated dates end before the real catalog's newest ones so feeds still lead with real content. */
const latest = Date.parse('2026-02-01T00:00:00Z');

export function generateCatalog(options: GenerateOptions): GenerateResult {
  const random = seededRandom(options.seed);
  rmSync(options.outDir, { recursive: true, force: true });
  mkdirSync(options.outDir, { recursive: true });
  cpSync(options.sourceDir, options.outDir, { recursive: true });

  const site = parseYaml(readFileSync(join(options.sourceDir, 'site.yaml'), 'utf8')) as { categories: Array<{ id: string }> };
  const categories = site.categories.map((c) => c.id);

  const realVideos = readdirSync(join(options.sourceDir, 'videos')).filter((f) => f.endsWith('.yaml'));
  const realApproved = realVideos.filter((f) => /^status:\s*approved\s*$/m.test(readFileSync(join(options.sourceDir, 'videos', f), 'utf8'))).length;
  const realClips = readdirSync(join(options.sourceDir, 'clips')).filter((f) => f.endsWith('.yaml')).length;
  // Generated entries reuse the real entries' media files in turn, with what the real entries say
  // of them: the build checks that every media path is a file in public/ and that durations and
  // picture sizes are the files' own, and the benchmark needs no media of its own.
  const realVideoMedia = realVideos.map((f) => parseYaml(readFileSync(join(options.sourceDir, 'videos', f), 'utf8')) as { thumbnail: string; playbackUrl: string; durationSeconds: number });
  const realClipMedia = readdirSync(join(options.sourceDir, 'clips'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => parseYaml(readFileSync(join(options.sourceDir, 'clips', f), 'utf8')) as { thumbnail: string; playbackUrl: string; durationSeconds: number; width: number; height: number });
  const generatedVideos = Math.max(0, options.videos - realApproved);
  const generatedClips = Math.max(0, options.clips - realClips);

  const videoIds: string[] = [];
  const videoDates: number[] = [];
  for (let i = 1; i <= generatedVideos; i++) {
    const id = `bv-${String(i).padStart(5, '0')}`;
    const published = latest - random.int(1, 6 * 365) * day - random.int(0, 23) * 3_600_000;
    const title = `${random.pick(adjectives)} ${random.pick(nouns)}: ${random.pick(topics)} #${i}`;
    const video: Record<string, unknown> = {
      id,
      title,
      description: random.sample(sentences, random.int(2, 4)).join(' '),
      status: 'approved',
      category: random.pick(categories),
      tags: random.sample(tagPool, random.int(2, 5)),
      featured: random.chance(0.05),
      durationSeconds: realVideoMedia[i % realVideoMedia.length].durationSeconds,
      publishedAt: new Date(published).toISOString(),
      thumbnail: realVideoMedia[i % realVideoMedia.length].thumbnail,
      playbackUrl: realVideoMedia[i % realVideoMedia.length].playbackUrl,
    };
    if (random.chance(0.2)) video.updatedAt = new Date(published + random.int(1, 60) * day).toISOString();
    writeFileSync(join(options.outDir, 'videos', `${id}.yaml`), stringify(video, yaml11));
    videoIds.push(id);
    videoDates.push(published);
  }

  if (generatedClips > 0 && videoIds.length === 0) throw new Error('generated clips need generated videos to point at: ask for more videos');
  for (let i = 1; i <= generatedClips; i++) {
    const id = `bc-${String(i).padStart(5, '0')}`;
    const parent = random.int(0, videoIds.length - 1);
    const media = realClipMedia[i % realClipMedia.length];
    const clip = {
      id,
      videoId: videoIds[parent],
      title: `${random.pick(topics)} in a Minute #${i}`,
      durationSeconds: media.durationSeconds,
      width: media.width,
      height: media.height,
      publishedAt: new Date(videoDates[parent] + random.int(0, 14) * day).toISOString(),
      thumbnail: media.thumbnail,
      playbackUrl: media.playbackUrl,
    };
    writeFileSync(join(options.outDir, 'clips', `${id}.yaml`), stringify(clip, yaml11));
  }

  return {
    publishedVideos: realApproved + generatedVideos,
    videoFiles: realVideos.length + generatedVideos,
    clipFiles: realClips + generatedClips,
    generatedVideos,
    generatedClips,
  };
}

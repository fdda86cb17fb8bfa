/** The validated, cross-checked catalog that the build writes and every reader consumes. */
import type { AiNote, Dataset, Episode, Exclusive, KnowledgeEntryFile, PodcastShow, Product, Schedule, Site, Topic, Video, Clip } from '../schemas/content.ts';

export type MarkdownDoc<T extends string> = Omit<Exclusive | AiNote, 'minTier'> & { minTier: T; body: string };

export interface KnowledgeEntry extends KnowledgeEntryFile {
  topic: Topic;
  /** Markdown source of the entry's text. */
  body: string;
}

export interface Catalog {
  contentVersion: string;
  builtAt: string;
  lastModified: Record<'videos' | 'podcast' | 'schedule' | 'shop' | 'clips' | 'knowledge', string>;
  site: Site;
  /** Approved videos only, newest first: nothing else is ever published. */
  videos: Video[];
  podcast: { show: PodcastShow; episodes: Episode[] };
  schedule: Schedule;
  products: Product[];
  clips: Clip[];
  knowledge: { dataset: Dataset; entries: KnowledgeEntry[] };
  exclusive: MarkdownDoc<'Platinum' | 'Legend'>[];
  aiNotes: MarkdownDoc<'Silver' | 'Gold' | 'Platinum' | 'Legend'>[];
}

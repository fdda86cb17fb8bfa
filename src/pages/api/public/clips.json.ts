/** Pre-rendered GET /api/public/clips: the first page of clips, newest first. */
import { catalog } from '../../../catalog/data.ts';
import { defaultClipQuery, listClips } from '../../../catalog/media.ts';
import { contentFreshness, json } from '../../../http/respond.ts';

export const GET = () => json(listClips(catalog, defaultClipQuery), contentFreshness('build', catalog.lastModified.clips));

/** Pre-rendered GET /api/public/podcast: show metadata and every episode, newest first. */
import { catalog } from '../../../catalog/data.ts';
import { podcastBody } from '../../../catalog/media.ts';
import { contentFreshness, json } from '../../../http/respond.ts';

export const GET = () => json(podcastBody(catalog), contentFreshness('build', catalog.lastModified.podcast));

/** Pre-rendered GET /api/public/videos/{id}: one approved video with its playable URL. */
import type { GetStaticPaths } from 'astro';
import { catalog } from '../../../../catalog/data.ts';
import { videoDetail } from '../../../../catalog/videos.ts';
import { contentFreshness, json } from '../../../../http/respond.ts';
import type { Video } from '../../../../schemas/content.ts';

export const getStaticPaths = (() => catalog.videos.map((video) => ({ params: { id: video.id }, props: { video } }))) satisfies GetStaticPaths;

export const GET = ({ props }: { props: { video: Video } }) => json({ video: videoDetail(catalog, props.video) }, contentFreshness('build', props.video.updatedAt ?? props.video.publishedAt));

/** Pre-rendered GET /api/public/clips: the first page of clips, newest first, written by its operation. */
import { clips } from '../../../api/catalog.ts';
import { prerendered } from '../../../api/registry.ts';

export const { GET } = prerendered(clips);

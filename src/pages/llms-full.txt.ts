/** Pre-rendered GET /llms-full.txt: the full API reference and knowledge base, written by its operation. */
import { llmsFullTxt } from '../api/feeds.ts';
import { prerendered } from '../api/registry.ts';

export const { GET } = prerendered(llmsFullTxt);

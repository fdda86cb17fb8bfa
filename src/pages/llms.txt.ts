/** Pre-rendered GET /llms.txt: the llmstxt.org overview, written by its operation. */
import { llmsTxt } from '../api/feeds.ts';
import { prerendered } from '../api/registry.ts';

export const { GET } = prerendered(llmsTxt);

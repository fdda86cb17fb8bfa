/** Pre-rendered GET /llms-full.txt: the full API reference and the full knowledge-base text. */
import { catalog } from '../catalog/data.ts';
import { buildLlmsFullTxt } from '../feeds/llms-txt.ts';
import { endpoints } from '../docs/endpoints.ts';

export const GET = () => new Response(buildLlmsFullTxt(catalog, endpoints), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

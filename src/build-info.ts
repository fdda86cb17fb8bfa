/**
 * dist/build-info.json: what the server needs to know about the build it serves. scripts/postbuild.ts
 * writes it after `astro build`; the server reads it at start.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BuildInfo {
  /** The public origin the build pre-rendered with (src/public-origin.ts). */
  origin: string;
  /** Whether PUBLIC_URL named that origin at build time (else it was the default listening address). */
  originExplicit: boolean;
  /** The brand's production address (content/site.yaml `baseUrl`). */
  brandUrl: string;
  contentVersion: string;
  builtAt: string;
}

const FILE = 'build-info.json';

export function writeBuildInfo(dist: string, info: BuildInfo): void {
  writeFileSync(join(dist, FILE), JSON.stringify(info));
}

export function readBuildInfo(dist: string): BuildInfo {
  return JSON.parse(readFileSync(join(dist, FILE), 'utf8')) as BuildInfo;
}

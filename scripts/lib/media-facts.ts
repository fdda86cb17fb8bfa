/**
 * What a media file says about itself: its length in seconds and, for video, its picture size.
 * The build checks content against these (a clip that says 1080x1920 while its file is 180x320
 * is an error), and `npm run media` writes them back into content, so both read them the same way
 * and neither needs ffmpeg: MP4-family files (.mp4, .m4v, .mov, .m4a) through mp4box's box parser,
 * which reads the movie header and track headers, and audio (.mp3, .aac, .ogg, .wav...) through
 * music-metadata, which reads MP3 frame headers (Xing/Info or, failing that, the frames).
 */
import { open } from 'node:fs/promises';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { parseFile } from 'music-metadata';

export interface MediaFacts {
  /** Length in seconds. */
  seconds: number;
  /** Picture size of the first video track (its track header: what a player displays). */
  width?: number;
  height?: number;
}

const mp4Family = /\.(mp4|m4v|mov|m4a)$/i;
const audioFiles = /\.(mp3|aac|ogg|oga|opus|wav|flac)$/i;

/** Whether `readMediaFacts` can read this kind of file (by its extension). */
export function isReadableMedia(file: string): boolean {
  return mp4Family.test(file) || audioFiles.test(file);
}

/** Reads the facts of one media file; throws with the reason when it is not a file of its kind. */
export async function readMediaFacts(file: string): Promise<MediaFacts> {
  if (mp4Family.test(file)) return readMp4(file);
  if (audioFiles.test(file)) return readAudio(file);
  throw new Error('not a kind of media file the build reads (MP4, M4A, MOV, MP3, AAC, Ogg, WAV, FLAC)');
}

async function readAudio(file: string): Promise<MediaFacts> {
  const { format } = await parseFile(file, { duration: true, skipCovers: true });
  if (!format.duration || !Number.isFinite(format.duration)) throw new Error('no duration found in the audio');
  return { seconds: format.duration };
}

/** Bytes read at a time: enough for the `moov` box of a short file at once. */
const CHUNK = 256 * 1024;

/**
 * Feeds the file to mp4box until it has parsed the `moov` box. mp4box answers each chunk with the
 * file position it needs next, so a file whose `moov` comes after a large `mdat` is not read whole.
 */
async function readMp4(file: string): Promise<MediaFacts> {
  const mp4 = createFile();
  let movie: Movie | undefined;
  let failure: string | undefined;
  mp4.onReady = (info) => {
    movie = info;
  };
  mp4.onError = (module, message) => {
    failure = `${module}: ${message}`;
  };
  const handle = await open(file);
  try {
    const size = (await handle.stat()).size;
    let position = 0;
    while (!movie && !failure && position < size) {
      const buffer = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (!bytesRead) break;
      const chunk = MP4BoxBuffer.fromArrayBuffer(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead), position);
      const next = mp4.appendBuffer(chunk, position + bytesRead >= size);
      position = typeof next === 'number' && next > position ? next : position + bytesRead;
    }
    mp4.flush();
  } finally {
    await handle.close();
  }
  if (failure) throw new Error(failure);
  if (!movie) throw new Error('no MP4 movie header (moov) found');
  const duration = movie.duration && movie.timescale ? movie.duration / movie.timescale : undefined;
  if (!duration) throw new Error('the MP4 movie header gives no duration');
  const video = movie.videoTracks[0];
  if (!video) return { seconds: duration };
  return { seconds: duration, width: video.track_width || video.video?.width, height: video.track_height || video.video?.height };
}

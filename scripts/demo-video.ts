/**
 * Writes a demo lesson video (the generator the demo data uses: H.264 in MP4, no ffmpeg needed).
 *   npx tsx scripts/demo-video.ts out.mp4 [lesson number 1-10] [seconds]
 */
import { writeFileSync } from 'node:fs';
import { demoLessonVideo } from '../src/server/domains/videos/demo-video/lesson-video.ts';

const [out, number = '1', seconds = '5'] = process.argv.slice(2);
if (!out) {
  console.error('usage: tsx scripts/demo-video.ts <out.mp4> [lesson number] [seconds]');
  process.exit(2);
}
const video = demoLessonVideo({ number: Number(number), seconds: Number(seconds) });
writeFileSync(out, video);
console.log(`${out}: ${video.length} bytes`);

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PlayCircle, RefreshCw, Upload, VideoOff } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { sniffVideoType, VIDEO_SIGNATURE_BYTES } from '../../../shared/videos/lessons.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useLoggedUser } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { uploadLesson } from './upload.ts';

type Lesson = RouterOutputs['videos']['list'][number];

/**
 * /video-lessons (seed 001 §2 screen 9): the lessons in the seed's order, listed from the file
 * store at load and played through links valid 300 s. A link that stops working (it expired while
 * the page was open, or mid-way through a long video) makes the player ask the list for a fresh
 * one and carry on where it was. A lesson without a video is a placeholder card; a failed listing
 * is logged (seed 001 §8: "only logged") and shows the empty state. The provider admin uploads or
 * replaces each lesson's video here.
 */
export function VideoLessonsPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const user = useLoggedUser();
  const canUpload = user.currentRole === 'MOBCHECK_ADMIN';
  const lessons = useQuery({
    ...trpc.videos.list.queryOptions(),
    // Links are refreshed when a player needs one, not on a timer (that would restart the players).
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  React.useEffect(() => {
    if (lessons.error) console.error('video lessons: listing failed', lessons.error);
  }, [lessons.error]);
  const refetch = lessons.refetch;
  const refresh = React.useCallback(() => void refetch(), [refetch]);

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} description={t('description')} />
      {lessons.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={i} className="aspect-video w-full rounded-xl" />
          ))}
        </div>
      ) : lessons.isError || lessons.data.length === 0 ? (
        <Card data-testid="lessons-empty">
          <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-secondary-soft text-secondary">
              <VideoOff className="size-6" aria-hidden />
            </span>
            <p className="text-lg font-semibold">{t('empty')}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t('emptyText')}</p>
            <Button variant="outline" onClick={refresh} disabled={lessons.isFetching}>
              <RefreshCw aria-hidden />
              {t('retry')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="lessons-grid">
          {lessons.data.map((lesson) => (
            <li key={lesson.slug}>
              <LessonCard lesson={lesson} onLinkFailed={refresh} canUpload={canUpload} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LessonCard({
  lesson,
  onLinkFailed,
  canUpload,
}: {
  lesson: Lesson;
  onLinkFailed(): void;
  canUpload: boolean;
}) {
  const { t } = useTranslation(NS);
  const title = t(`lessons.${lesson.slug}`, { defaultValue: lesson.title });
  return (
    <Card className="h-full overflow-hidden" data-testid={`lesson-${lesson.slug}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle className="text-base" data-testid="lesson-title">
          {title}
        </CardTitle>
        {canUpload && <UploadButton lesson={lesson} title={title} />}
      </CardHeader>
      <CardContent className="p-0">
        {lesson.url ? (
          <LessonPlayer lesson={lesson} title={title} onLinkFailed={onLinkFailed} />
        ) : (
          <div
            className="flex aspect-video flex-col items-center justify-center gap-2 bg-muted px-6 text-center"
            data-testid="lesson-placeholder"
          >
            <PlayCircle className="size-10 text-muted-foreground/60" aria-hidden />
            <p className="font-medium">{t('missing')}</p>
            <p className="text-sm text-muted-foreground">{t('missingText')}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A player that keeps its link while it works: a new list (another card asked for fresh links)
 * does not restart it. When its link fails, it takes the next one the list brings and resumes at
 * the same time (playing again if it was). After three fresh links that failed too, it stops asking
 * (the player shows its own error).
 */
function LessonPlayer({
  lesson,
  title,
  onLinkFailed,
}: {
  lesson: Lesson;
  title: string;
  onLinkFailed(): void;
}) {
  const { t } = useTranslation(NS);
  const version = lesson.updatedAt?.getTime() ?? 0;
  const [src, setSrc] = React.useState({ url: lesson.url, version });
  const failed = React.useRef<string | null>(null);
  const retries = React.useRef(0);
  const resume = React.useRef<{ time: number; play: boolean } | null>(null);

  React.useEffect(() => {
    setSrc((cur) =>
      cur.version !== version || (failed.current === cur.url && lesson.url !== cur.url)
        ? { url: lesson.url, version }
        : cur,
    );
  }, [lesson.url, version]);

  return (
    // biome-ignore lint/a11y/useMediaCaption: the lessons are files of the store with no caption track yet (none in the seeds)
    <video
      key={src.version}
      className="aspect-video w-full bg-black"
      src={src.url ?? undefined}
      controls
      preload="metadata"
      playsInline
      aria-label={t('player', { title })}
      data-testid="lesson-video"
      onError={(e) => {
        if (!src.url || failed.current === src.url || retries.current >= 3) return;
        failed.current = src.url;
        retries.current++;
        const v = e.currentTarget;
        resume.current = { time: v.currentTime, play: !v.paused };
        onLinkFailed();
      }}
      onLoadedMetadata={(e) => {
        const at = resume.current;
        if (!at) return;
        resume.current = null;
        const v = e.currentTarget;
        v.currentTime = at.time;
        if (at.play) void v.play().catch(() => {});
      }}
    />
  );
}

function UploadButton({ lesson, title }: { lesson: Lesson; title: string }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const input = React.useRef<HTMLInputElement>(null);
  const [percent, setPercent] = React.useState<number | null>(null);

  const send = async (file: File) => {
    // The server checks the bytes too; this only spares a long upload of the wrong file.
    const head = new Uint8Array(await file.slice(0, VIDEO_SIGNATURE_BYTES).arrayBuffer());
    if (!sniffVideoType(head)) {
      toast.error(t('notVideo'));
      return;
    }
    setPercent(0);
    try {
      await uploadLesson(lesson.slug, file, setPercent);
      toast.success(t('uploaded', { title }));
      await qc.invalidateQueries({ queryKey: trpc.videos.list.queryKey() });
    } catch (e) {
      toast.error(errorMessage(e, t('uploadFailed')));
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className="flex shrink-0 items-center gap-2">
      {percent !== null && (
        <Progress
          value={percent}
          className="w-20"
          aria-label={t('uploading', { title, percent })}
          data-testid="lesson-upload-progress"
        />
      )}
      <input
        ref={input}
        type="file"
        accept="video/mp4,video/webm"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('uploadLabel', { title })}
        data-testid="lesson-upload-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={percent !== null}
        onClick={() => input.current?.click()}
        aria-label={t('uploadLabel', { title })}
        data-testid="lesson-upload"
      >
        <Upload aria-hidden />
        {lesson.url ? t('replace') : t('upload')}
      </Button>
    </div>
  );
}

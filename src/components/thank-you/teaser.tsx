import { useState } from 'react';
import type { VideoContent } from '../../content/types';
import { TrackedButton } from '../tracked';
import { buttonVariants } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { VideoEmbed } from '../video-embed';

export interface TeaserProps {
  label: string;
  dialogTitle: string;
  closeLabel: string;
  video: VideoContent;
}

/** "Play 60-sec teaser" (D10): the video in an accessible dialog, its player consent-gated. */
export function Teaser({ label, dialogTitle, closeLabel, video }: TeaserProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <TrackedButton
        location="thank-you"
        onClick={() => setOpen(true)}
        className={buttonVariants({ variant: 'secondary', size: 'lg' })}
      >
        {label}
      </TrackedButton>
      <Dialog open={open} onOpenChange={setOpen} title={dialogTitle} closeLabel={closeLabel} wide>
        <VideoEmbed video={video} className="mt-6 rounded-card" />
      </Dialog>
    </>
  );
}

import { postPageMessages } from '@dwellscape/shared';
import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';

/** The post's address as anyone opens it: the gate first, then the post (docs/decisions/0048). */
const postUrlOf = (designId: string) => new URL(paths.post.getHref(designId), window.location.origin).href;

/** The Web Share sheet where the browser has one; elsewhere the link goes to the clipboard. */
export async function sharePost(design: { id: string; title: string }): Promise<void> {
  const url = postUrlOf(design.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: design.title, url });
      return;
    } catch (error) {
      // the person closed the sheet: nothing to say
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error('Sharing failed; copying the link instead.', error);
    }
  }
  try {
    if (!navigator.clipboard) throw new Error('no clipboard in this context');
    await navigator.clipboard.writeText(url);
    toast.success(postPageMessages.linkCopied);
  } catch (error) {
    console.error('Copying the link failed.', error);
    toast.error(postPageMessages.copyFailed, { description: url });
  }
}

export function ShareButton({ design }: { design: { id: string; title: string } }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void sharePost(design)}>
      <Share2 className="size-4" aria-hidden />
      {postPageMessages.share}
    </Button>
  );
}

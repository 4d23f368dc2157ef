import { postPageMessages, type ShownDesign } from '@dwellscape/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FollowButton } from '@/components/follow-button/follow-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/api/get-me';
import { useAuthor } from '../api/get-author';
import { useDeleteDesign } from '../api/delete-design';
import { DeleteDesignDialog } from './delete-design-dialog';
import { EditDesignDialog } from './edit-design-dialog';
import { ShareButton } from './share-button';

/**
 * Under the design: follow its author and share it; on one's own design, edit and delete it
 * (docs/product.md §6: an account edits or deletes what is theirs).
 */
export function PostActions({ design }: { design: ShownDesign }) {
  const me = useMe();
  const isOwn = me.data?.signedIn === true && me.data.currentUser.id === design.userId;
  // a guest may follow too: the button asks them to sign in first
  const author = useAuthor(design.userId, me.isSuccess && !isOwn);
  return (
    <div role="group" aria-label="Post actions" className="mt-3 flex flex-wrap items-center gap-2">
      {!isOwn && author.data && <FollowButton user={author.data} />}
      <ShareButton design={design} />
      {isOwn && <OwnDesignActions design={design} />}
    </div>
  );
}

function OwnDesignActions({ design }: { design: ShownDesign }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteDesign(design.id, design.userId);

  function confirmDelete() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(postPageMessages.deleted);
        void navigate(paths.profile.getHref(design.userId), { replace: true });
      },
      onError: (error) => {
        console.error('Deleting the design failed.', error);
        toast.error(postPageMessages.deleteFailed);
      },
    });
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        <Pencil className="size-4" aria-hidden />
        {postPageMessages.edit}
      </Button>
      <Button variant="outline" size="sm" className="text-danger" onClick={() => setDeleting(true)}>
        <Trash2 className="size-4" aria-hidden />
        {postPageMessages.delete}
      </Button>
      <EditDesignDialog
        design={{ id: design.id, title: design.title, caption: design.caption }}
        open={editing}
        onOpenChange={setEditing}
      />
      <DeleteDesignDialog
        open={deleting}
        onOpenChange={setDeleting}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

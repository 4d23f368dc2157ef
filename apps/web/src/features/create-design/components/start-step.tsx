import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDesignMode } from '@/lib/preferences';
import { getCreateDraft, productsOfMode, updateCreateDraft, useCreateDraft } from '../stores/create-draft';
import { OwnItemsEditor } from './own-items-editor';
import { ProductPicker, pickerTexts } from './product-picker';
import { StepLayout } from './step-layout';

/** Step 1 of 5 (docs/product.md §2, §5): products of the mode's catalogue, or photos of the person's own items. */
export function StartStep() {
  const mode = useDesignMode();
  const draft = useCreateDraft();
  const navigate = useNavigate();
  const chosenCount = productsOfMode(draft, mode).length + draft.uploadedProductImages.length;
  const [ownItemsRight, setOwnItemsRight] = useState(true);

  return (
    <StepLayout
      step="start"
      description={
        mode === 'landscape'
          ? 'Pick plants, furniture and features for your outdoor space, or add photos of your own.'
          : 'Pick furniture and decor for your room, or add photos of your own pieces.'
      }
      actions={
        <>
          <p className="flex-1 pl-2 text-sm text-muted-foreground" aria-live="polite">
            {ownItemsRight ? pickerTexts.chosen(chosenCount) : 'Fix the fields marked above'}
          </p>
          <Button
            size="lg"
            disabled={chosenCount === 0 || !ownItemsRight}
            onClick={() => navigate(paths.createDesign.step('flow-questions'))}
          >
            Next
          </Button>
        </>
      }
    >
      <ProductPicker mode={mode} selected={draft.selectedProducts} ownItemCount={draft.uploadedProductImages.length} />
      <OwnItemsEditor
        mode={mode}
        items={draft.uploadedProductImages}
        onItemsChange={(update) =>
          // read again: other uploads may have finished while these were on their way
          updateCreateDraft({ uploadedProductImages: update(getCreateDraft().uploadedProductImages) })
        }
        heading="Your own items"
        uploadLabel="Upload your own items"
        onValidityChange={setOwnItemsRight}
      />
    </StepLayout>
  );
}

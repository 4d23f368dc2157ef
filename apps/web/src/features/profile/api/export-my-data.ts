import { type AccountExport, contracts } from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Everything the account made or marked (GET /api/me/export). */
export function getMyData(signal?: AbortSignal): Promise<AccountExport> {
  return callApi(contracts.exportMyData, { signal });
}

/** The file's name, as the server names it. */
export const exportFileName = (data: AccountExport) => `dwellscape-${data.profile.username}.json`;

/** Hands the export to the browser as a JSON file download. */
export function saveAsFile(data: AccountExport): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own copy once it started
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: () => getMyData(),
    onSuccess: saveAsFile,
  });
}

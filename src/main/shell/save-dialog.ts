// Where an export goes: the save dialog is offered the file's name (which says
// the run and the kind) and shows the files of its kind: a CSV among CSV
// files, a report among HTML or Markdown files (a filter of another kind
// would have the system add its extension to the name).

const KINDS: Record<string, string> = { csv: 'CSV', html: 'HTML', md: 'Markdown' };

export function saveDialogOptions(fileName: string) {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const kind = KINDS[extension];
  return {
    defaultPath: fileName,
    filters: kind === undefined ? [] : [{ name: kind, extensions: [extension] }],
  };
}

/** The path the user chose, or null when they cancelled. */
export function chosenSavePath(result: { canceled: boolean; filePath?: string }): string | null {
  return result.canceled || !result.filePath ? null : result.filePath;
}

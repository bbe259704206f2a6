// Where an export goes: the save dialog is offered the file's name (which says
// the run and the kind) and shows CSV files.

export function csvSaveDialogOptions(fileName: string) {
  return { defaultPath: fileName, filters: [{ name: 'CSV', extensions: ['csv'] }] };
}

/** The path the user chose, or null when they cancelled. */
export function chosenSavePath(result: { canceled: boolean; filePath?: string }): string | null {
  return result.canceled || !result.filePath ? null : result.filePath;
}

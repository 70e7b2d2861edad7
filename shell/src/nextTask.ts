/** nextTask resolves in a later task (a zero timeout), so the work after it is not part
 *  of the current one: the shell's start is cut into tasks this way (docs/shell.md,
 *  "The shell starts in three tasks"). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

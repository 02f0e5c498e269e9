export type ImageFile = { from: string; to: string };
export function prepareImages(options: {
  root: string;
  log?: (line: string) => void;
}): Promise<{ manifest: Record<string, unknown>; files: ImageFile[] }>;
export function publishImages(files: ImageFile[], clientDir: string): void;

export interface LeftProcess {
  pid: number;
  command: string;
}
export declare const RUN_MARK: string;
export declare function markRun(): string;
export declare function ownStartTicks(): number;
export declare function processesLeftBehind(dir: string, sinceTicks: number, mark?: string): LeftProcess[];
export declare function reapLeftovers(
  dir: string,
  sinceTicks: number,
  ms?: number,
  mark?: string,
): Promise<LeftProcess[]>;

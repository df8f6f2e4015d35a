export interface LeftProcess {
  pid: number;
  command: string;
}
export declare function ownStartTicks(): number;
export declare function processesLeftBehind(dir: string, sinceTicks: number): LeftProcess[];
export declare function reapLeftovers(dir: string, sinceTicks: number, ms?: number): Promise<LeftProcess[]>;

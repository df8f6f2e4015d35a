export declare function isDay(day: string | undefined): boolean;

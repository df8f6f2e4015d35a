export declare function morningInWarsaw(day: string | undefined): number | undefined;

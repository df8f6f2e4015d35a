export declare const ITERATIONS: number;
export declare const TEST_ADMIN_PASSWORD: string;
export declare function adminHash(password: string, salt?: Uint8Array): string;
export declare function randomPassword(): string;

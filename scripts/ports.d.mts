export declare function freePort(): Promise<number>;
export declare function portTaken(port: number | string): Promise<boolean>;
export declare const TEST_PORT_VARIABLES: string[];
export declare function assignTestPorts(env?: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv>;

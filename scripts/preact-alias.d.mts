export declare const PREACT_ALIAS: Readonly<Record<string, string>>;
export declare const preactAliasEntries: { find: RegExp; replacement: string }[];

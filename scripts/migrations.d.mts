export declare function d1Config(configFile?: string): { databaseId: string; migrationsDir: string };
export declare function migrationNames(dir: string): string[];
export declare function migrationsSql(dir: string, names: string[]): string;
export declare function appliedMigrations(persistTo: string, databaseId: string): Promise<Set<string>>;
export declare function applyMigrationsInOneRun(options: {
  config: string;
  persistTo: string;
  known?: Set<string> | undefined;
}): Promise<string[]>;

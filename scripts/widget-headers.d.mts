export declare const WIDGETS_PATH: string;
export declare const SHORT_CACHE: string;
export declare const IMMUTABLE_CACHE: string;
export declare function widgetHeaders(widgetsDir: string, headers: Readonly<Record<string, string>>): string;
export declare const HOST_TYPE_FILES: readonly ['kserowo.d.ts', 'custom-elements.json'];

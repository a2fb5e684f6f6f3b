export declare const E2E_PORT: number;
export declare const HUB_PORT: number;
export declare const TEST_MODEL_HOSTS: string;

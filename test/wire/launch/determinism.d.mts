export declare const FROZEN_NOW: number;
export declare function freezeClockAndRandom(seed?: number): () => void;

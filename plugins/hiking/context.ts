import type { PluginContext } from '../../core/plugin/types';
import type { HikingController } from './hikingController';

/**
 * What the lazily loaded drawer needs (lazy components take no props): the plugin's context, set on activation,
 * and the controller, made by the drawer on first open (so its code and the contract schemas load with the drawer).
 */
let plugin: PluginContext | null = null;
let controller: HikingController | null = null;

export function setHikingPlugin(next: PluginContext | null): void {
  plugin = next;
}

export function hikingPlugin(): PluginContext | null {
  return plugin;
}

export function setHikingController(next: HikingController | null): void {
  controller = next;
}

/** The controller once the drawer has made it, else null. */
export function hikingController(): HikingController | null {
  return controller;
}

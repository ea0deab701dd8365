"use strict";
// `mcp-conform/plugin`, the entry tsserver loads. tsserver resolves plugins the Node 10 way
// (package "exports" unread) and loads them with require(), so this is a CommonJS file in a
// folder of its own (this folder's package.json says "commonjs"; the package is ESM).
//
// The plugin itself is the ESM build in dist/plugin/. Node 20.19+ and 22.12+ can require() it;
// an editor that bundles an older Node cannot, and then it is imported, and the editor is asked
// to refresh its diagnostics once it has loaded. Until then the language service is untouched.

function init(modules) {
  let plugin;
  let failure;
  try {
    plugin = require("../dist/plugin/index.js").init(modules);
  } catch (error) {
    failure = error;
  }
  return {
    create(info) {
      if (plugin) return plugin.create(info);
      const log = (message) => info.project.projectService.logger.info(`[mcp-conform] ${message}`);
      const code = failure && failure.code;
      if (code !== "ERR_REQUIRE_ESM" && code !== "ERR_REQUIRE_ASYNC_MODULE") {
        log(`cannot load the plugin: ${failure && (failure.stack || failure.message)}`);
        return info.languageService;
      }
      let created;
      import("../dist/plugin/index.js").then(
        (module) => {
          created = module.init(modules).create(info);
          if (typeof info.project.refreshDiagnostics === "function") info.project.refreshDiagnostics();
        },
        (error) => log(`cannot load the plugin: ${error && (error.stack || error.message)}`),
      );
      const proxy = Object.create(null);
      for (const key of Object.keys(info.languageService)) {
        const member = info.languageService[key];
        proxy[key] = typeof member === "function" ? member.bind(info.languageService) : member;
      }
      proxy.getSemanticDiagnostics = (fileName) => (created ? created.getSemanticDiagnostics(fileName) : info.languageService.getSemanticDiagnostics(fileName));
      return proxy;
    },
  };
}

module.exports = init;

// electron-builder afterPack hook (electron-builder.yml): flips Electron's fuses with @electron/fuses on the
// packaged executable, before signing. One fuse set per platform: ASAR integrity validation only where Electron
// supports it (macOS, Windows); OnlyLoadAppFromAsar everywhere, Linux included (without it, an `app/` folder
// or a loose package.json beside resources/app.asar would be loaded instead of the packaged code).
const { FuseV1Options, FuseVersion } = require('@electron/fuses')

/** The fuses of the packaged app, by electron-builder's platform name (darwin, mas, win32, linux). */
function fusesFor(platformName) {
  const asarIntegrity = platformName === 'darwin' || platformName === 'mas' || platformName === 'win32'
  return {
    // No `ELECTRON_RUN_AS_NODE`: the app's binary cannot be used as a plain Node to run other code.
    runAsNode: false,
    // No NODE_OPTIONS / NODE_EXTRA_CA_CERTS from the environment.
    enableNodeOptionsEnvironmentVariable: false,
    // No --inspect: the main process cannot be attached to from outside.
    enableNodeCliInspectArguments: false,
    // Cookies encrypted with the OS's keys.
    enableCookieEncryption: true,
    // The app's code is validated against the hash embedded at packaging (macOS, Windows).
    enableEmbeddedAsarIntegrityValidation: asarIntegrity,
    // Only app.asar is loaded, on every platform.
    onlyLoadAppFromAsar: true,
    // Pages are served by the local server, never from file://.
    grantFileProtocolExtraPrivileges: false,
  }
}

const OPTION = {
  runAsNode: FuseV1Options.RunAsNode,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
}

/** The @electron/fuses config for flipFuses. */
function fuseConfig(platformName) {
  const config = { version: FuseVersion.V1, resetAdHocDarwinSignature: platformName === 'darwin' }
  for (const [name, value] of Object.entries(fusesFor(platformName))) config[OPTION[name]] = value
  return config
}

async function afterPack(context) {
  await context.packager.addElectronFuses(context, fuseConfig(context.electronPlatformName))
}

module.exports = afterPack
module.exports.default = afterPack
module.exports.fusesFor = fusesFor
module.exports.fuseConfig = fuseConfig

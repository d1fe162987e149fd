// How `npm run dist` signs, from the environment only: no certificate, password or account lives in the
// repository. The result is laid over electron-builder.yml (electron-builder merges it into the file's
// configuration), so its schema check covers it (test/integration/electron-cli.test.ts).
//
// - A signing service: Azure Trusted Signing when VOA_DESK_AZURE_SIGN_ENDPOINT, _ACCOUNT, _PROFILE and
//   _PUBLISHER are set; it authenticates with the AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET
//   variables that electron-builder passes on to Microsoft's tooling.
// - A certificate: electron-builder reads WIN_CSC_LINK/WIN_CSC_KEY_PASSWORD (Windows) and CSC_LINK/
//   CSC_KEY_PASSWORD (macOS, and Windows without the WIN_ ones) by itself; a certificate in the Windows store
//   (an EV token) is named by VOA_DESK_SIGN_SUBJECT. macOS notarizes with APPLE_ID,
//   APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID when they are set.
// - VOA_DESK_REQUIRE_SIGNING=1 makes a build that would come out unsigned fail (a release build).

export interface SigningConfig {
  forceCodeSigning?: boolean;
  win?: {
    azureSignOptions?: {
      endpoint: string;
      codeSigningAccountName: string;
      certificateProfileName: string;
      publisherName: string;
    };
    signtoolOptions?: { certificateSubjectName: string; publisherName?: string };
  };
  mac?: { notarize: boolean };
}

const AZURE = {
  endpoint: 'VOA_DESK_AZURE_SIGN_ENDPOINT',
  codeSigningAccountName: 'VOA_DESK_AZURE_SIGN_ACCOUNT',
  certificateProfileName: 'VOA_DESK_AZURE_SIGN_PROFILE',
  publisherName: 'VOA_DESK_AZURE_SIGN_PUBLISHER',
} as const;

export function signingConfigFromEnvironment(env: NodeJS.ProcessEnv): SigningConfig {
  const config: SigningConfig = {};
  const azureNames = Object.values(AZURE);
  const azureSet = azureNames.filter((name) => env[name]);
  if (azureSet.length > 0 && azureSet.length < azureNames.length) {
    const missing = azureNames.filter((name) => !env[name]);
    throw new Error(`Azure Trusted Signing is half configured: set ${missing.join(', ')} as well.`);
  }
  if (azureSet.length === azureNames.length) {
    if (env.VOA_DESK_SIGN_SUBJECT)
      throw new Error('Set either the VOA_DESK_AZURE_SIGN_* variables or VOA_DESK_SIGN_SUBJECT, not both.');
    config.win = {
      azureSignOptions: {
        endpoint: env[AZURE.endpoint] as string,
        codeSigningAccountName: env[AZURE.codeSigningAccountName] as string,
        certificateProfileName: env[AZURE.certificateProfileName] as string,
        publisherName: env[AZURE.publisherName] as string,
      },
    };
  } else if (env.VOA_DESK_SIGN_SUBJECT) {
    config.win = { signtoolOptions: { certificateSubjectName: env.VOA_DESK_SIGN_SUBJECT } };
  }
  if (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) config.mac = { notarize: true };
  if (env.VOA_DESK_REQUIRE_SIGNING === '1') config.forceCodeSigning = true;
  return config;
}

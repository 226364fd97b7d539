; Inno Setup 6 script: the Windows installer for the PyInstaller bundle dist\redraft.
; CI compiles it with:
;   iscc /DAppVersion=0.1.0 /DSourceDir=<repo>\dist\redraft /O<repo>\dist packaging\windows\redraft.iss
; Without /D defines it packs ..\..\dist\redraft relative to this script.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\redraft"
#endif
#define AppName "Redraft"
#define AppExe "redraft.exe"

[Setup]
; A fixed id: upgrades replace the installed version instead of adding a second one.
AppId={{6F1B2C3D-8A4E-4F5B-9C7D-2E1A0B9C8D7E}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Redraft
AppComments=Offline assistant for revising a paper after peer review
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per-user install by default (no administrator rights needed); the dialog offers all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputBaseFilename=Redraft-{#AppVersion}-windows-x64-setup
; Relative paths are resolved against this script's folder.
SetupIconFile=..\..\resources\icons\redraft.ico
UninstallDisplayIcon={app}\{#AppExe}
; The bundle is large (Qt, ONNX Runtime, ~180 MB of embedded models): fast LZMA2 keeps CI minutes sane.
Compression=lzma2/fast
SolidCompression=yes
LZMAUseSeparateProcess=yes
WizardStyle=modern
ChangesEnvironment=no

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

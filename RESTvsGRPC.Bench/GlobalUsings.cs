// The BCL namespaces most of the bench's files use, imported once (as the SDK's implicit usings are); the bench's
// own folders are imported by each file that uses them, so a reference across folders shows at its top.
global using System.Diagnostics;
global using System.Globalization;
global using System.Net;
global using System.Net.Http.Headers;
global using System.Runtime.InteropServices;
global using System.Text.Json;
global using System.Text.RegularExpressions;

// The atmosphere model: the medium, ray geometry, look-up table coordinates
// and phase functions. GLSL mirror of src/atmosphere/AtmosphereModel.h (same
// formulas and names, in single precision); reads the uniform block, so
// include atmosphere/AtmosphereUniforms.glsl first.
//
// Positions are in kilometres from the planet's centre; a ray is the radius r
// of its origin and the cosine mu of its angle to the local zenith.
#ifndef ATMOSPHERE_MODEL_GLSL
#define ATMOSPHERE_MODEL_GLSL

const float ATMOSPHERE_PI = 3.14159265358979;

float atmosphere_BottomRadius()
{
    return atmosphere.planetRadiusKm;
}

float atmosphere_TopRadius()
{
    return atmosphere.topRadiusKm;
}

// --- medium --------------------------------------------------------------------

float atmosphere_RayleighDensity(float altitude)
{
    return exp(-altitude / atmosphere.rayleighScaleHeightKm);
}

float atmosphere_MieDensity(float altitude)
{
    return exp(-altitude / atmosphere.mieScaleHeightKm);
}

float atmosphere_OzoneDensity(float altitude)
{
    return max(0.0, 1.0 - abs(altitude - atmosphere.ozoneCentreAltitudeKm) / (0.5 * atmosphere.ozoneWidthKm));
}

vec3 atmosphere_ExtinctionPerKm(float altitude)
{
    return atmosphere.rayleighScatteringPerKm * atmosphere_RayleighDensity(altitude) +
           vec3(atmosphere.mieExtinctionPerKm * atmosphere_MieDensity(altitude)) +
           atmosphere.ozoneAbsorptionPerKm * atmosphere_OzoneDensity(altitude);
}

// The medium at one point: what scatters (per kind) and what is lost.
struct atmosphere_Medium {
    vec3 rayleighScattering;
    float mieScattering;
    vec3 scattering;  // Rayleigh + Mie
    vec3 extinction;  // scattering + Mie and ozone absorption
};

atmosphere_Medium atmosphere_MediumAt(float altitude)
{
    float rayleighDensity = atmosphere_RayleighDensity(altitude);
    float mieDensity = atmosphere_MieDensity(altitude);
    atmosphere_Medium medium;
    medium.rayleighScattering = atmosphere.rayleighScatteringPerKm * rayleighDensity;
    medium.mieScattering = atmosphere.mieScatteringPerKm * mieDensity;
    medium.scattering = medium.rayleighScattering + vec3(medium.mieScattering);
    medium.extinction = medium.rayleighScattering + vec3(atmosphere.mieExtinctionPerKm * mieDensity) +
                        atmosphere.ozoneAbsorptionPerKm * atmosphere_OzoneDensity(altitude);
    return medium;
}

// --- ray geometry ----------------------------------------------------------------

// The same with the origin's squared horizon distance rho^2 = r^2 - bottom^2
// given: when rho is known exactly (the transmittance table's texels), the
// altitude stays exact to float precision instead of inheriting the ~0.5 m
// rounding of r itself.
float atmosphere_AltitudeAlongRayFromHorizon(float squaredHorizonDistance, float r, float mu, float t)
{
    float squaredRadius = r * r + 2.0 * r * mu * t + t * t;
    float numerator = squaredHorizonDistance + 2.0 * r * mu * t + t * t;
    return numerator / (sqrt(max(squaredRadius, 0.0)) + atmosphere_BottomRadius());
}

float atmosphere_AltitudeAlongRay(float r, float mu, float t)
{
    float bottom = atmosphere_BottomRadius();
    return atmosphere_AltitudeAlongRayFromHorizon((r - bottom) * (r + bottom), r, mu, t);
}

float atmosphere_DistanceToTopBoundary(float r, float mu)
{
    float top = atmosphere_TopRadius();
    float inside = (top - r) * (top + r);
    float root = sqrt(max(inside + r * r * mu * mu, 0.0));
    if (mu > 0.0) {
        return max(inside, 0.0) / (r * mu + root);
    }
    return max(-r * mu + root, 0.0);
}

bool atmosphere_RayIntersectsGround(float r, float mu)
{
    float bottom = atmosphere_BottomRadius();
    return mu < 0.0 && r * r * (mu * mu - 1.0) + bottom * bottom >= 0.0;
}

float atmosphere_DistanceToGround(float r, float mu)
{
    float bottom = atmosphere_BottomRadius();
    float above = max((r - bottom) * (r + bottom), 0.0);
    float root = sqrt(max(r * r * mu * mu - above, 0.0));
    float denominator = -r * mu + root;
    return denominator > 0.0 ? above / denominator : 0.0;
}

float atmosphere_HorizonDistance(float r)
{
    float bottom = atmosphere_BottomRadius();
    return sqrt(max((r - bottom) * (r + bottom), 0.0));
}

float atmosphere_HorizonDistanceAtTop()
{
    return atmosphere_HorizonDistance(atmosphere_TopRadius());
}

// Zenith angle of the direction grazing the planet, seen from radius r.
float atmosphere_HorizonZenithAngle(float r)
{
    float radius = max(r, atmosphere_BottomRadius());
    return acos(clamp(-atmosphere_HorizonDistance(radius) / radius, -1.0, 1.0));
}

// --- look-up table coordinates -------------------------------------------------------

float atmosphere_UnitToTextureCoordinate(float unit, float texels)
{
    return 0.5 / texels + unit * (1.0 - 1.0 / texels);
}

float atmosphere_TextureCoordinateToUnit(float coordinate, float texels)
{
    return (coordinate - 0.5 / texels) / (1.0 - 1.0 / texels);
}

vec2 atmosphere_TransmittanceLutCoordinate(float r, float mu, vec2 lutSize)
{
    float horizonAtTop = atmosphere_HorizonDistanceAtTop();
    float rho = atmosphere_HorizonDistance(r);
    float distance = atmosphere_DistanceToTopBoundary(r, mu);
    float shortest = atmosphere_TopRadius() - r;
    float longest = rho + horizonAtTop;
    float xMu = longest > shortest ? (distance - shortest) / (longest - shortest) : 0.0;
    float xR = rho / horizonAtTop;
    return vec2(atmosphere_UnitToTextureCoordinate(clamp(xMu, 0.0, 1.0), lutSize.x),
                atmosphere_UnitToTextureCoordinate(clamp(xR, 0.0, 1.0), lutSize.y));
}

// (r, mu) of a transmittance table coordinate, and (z) the horizon distance
// rho = sqrt(r^2 - bottom^2) it was derived from.
vec3 atmosphere_TransmittanceLutRay(vec2 coordinate, vec2 lutSize)
{
    float xMu = atmosphere_TextureCoordinateToUnit(coordinate.x, lutSize.x);
    float xR = atmosphere_TextureCoordinateToUnit(coordinate.y, lutSize.y);
    float horizonAtTop = atmosphere_HorizonDistanceAtTop();
    float bottom = atmosphere_BottomRadius();
    float rho = horizonAtTop * xR;
    float r = sqrt(rho * rho + bottom * bottom);
    float shortest = atmosphere_TopRadius() - r;
    float longest = rho + horizonAtTop;
    float distance = shortest + xMu * (longest - shortest);
    float mu = distance <= 0.0
                   ? 1.0
                   : (horizonAtTop * horizonAtTop - rho * rho - distance * distance) / (2.0 * r * distance);
    return vec3(r, clamp(mu, -1.0, 1.0), rho);
}

vec2 atmosphere_MultipleScatteringLutCoordinate(float r, float sunCosZenith, vec2 lutSize)
{
    float bottom = atmosphere_BottomRadius();
    float altitude = (r - bottom) / (atmosphere_TopRadius() - bottom);
    return vec2(atmosphere_UnitToTextureCoordinate(clamp(0.5 + 0.5 * sunCosZenith, 0.0, 1.0), lutSize.x),
                atmosphere_UnitToTextureCoordinate(clamp(altitude, 0.0, 1.0), lutSize.y));
}

vec2 atmosphere_SkyViewLutCoordinate(float r, float cosViewZenith, float azimuthFromSun, vec2 lutSize)
{
    float horizon = atmosphere_HorizonZenithAngle(r);
    float zenithAngle = acos(clamp(cosViewZenith, -1.0, 1.0));
    float y;
    if (zenithAngle <= horizon) {
        y = 0.5 - 0.5 * sqrt(max(1.0 - zenithAngle / horizon, 0.0));
    } else {
        y = 0.5 + 0.5 * sqrt(max((zenithAngle - horizon) / (ATMOSPHERE_PI - horizon), 0.0));
    }
    float x = clamp(abs(azimuthFromSun) / ATMOSPHERE_PI, 0.0, 1.0);
    return vec2(atmosphere_UnitToTextureCoordinate(x, lutSize.x), atmosphere_UnitToTextureCoordinate(y, lutSize.y));
}

// (cos view zenith, azimuth from the sun) of a sky-view table coordinate.
vec2 atmosphere_SkyViewLutDirection(float r, vec2 coordinate, vec2 lutSize)
{
    float x = clamp(atmosphere_TextureCoordinateToUnit(coordinate.x, lutSize.x), 0.0, 1.0);
    float y = clamp(atmosphere_TextureCoordinateToUnit(coordinate.y, lutSize.y), 0.0, 1.0);
    float horizon = atmosphere_HorizonZenithAngle(r);
    float zenithAngle;
    if (y < 0.5) {
        float fromZenith = 1.0 - 2.0 * y;
        zenithAngle = horizon * (1.0 - fromZenith * fromZenith);
    } else {
        float belowHorizon = 2.0 * y - 1.0;
        zenithAngle = horizon + (ATMOSPHERE_PI - horizon) * belowHorizon * belowHorizon;
    }
    return vec2(cos(zenithAngle), x * ATMOSPHERE_PI);
}

float atmosphere_AerialPerspectiveSliceCoordinate(float distanceKm, float maxDistanceKm, float sliceCount)
{
    return sqrt(max(distanceKm, 0.0) / maxDistanceKm) - 0.5 / sliceCount;
}

float atmosphere_AerialPerspectiveSliceDistance(float slice, float maxDistanceKm, float sliceCount)
{
    float fraction = (slice + 1.0) / sliceCount;
    return maxDistanceKm * fraction * fraction;
}

// --- phase functions (per steradian) ---------------------------------------------------

float atmosphere_RayleighPhase(float cosTheta)
{
    return 3.0 / (16.0 * ATMOSPHERE_PI) * (1.0 + cosTheta * cosTheta);
}

// Cornette-Shanks: Henyey-Greenstein's forward lobe with Rayleigh's (1 + cos^2)
// and the normalisation that keeps its integral at 1.
float atmosphere_MiePhase(float cosTheta, float g)
{
    float g2 = g * g;
    float denominator = max(1.0 + g2 - 2.0 * g * cosTheta, 1.0e-6);
    return 3.0 / (8.0 * ATMOSPHERE_PI) * (1.0 - g2) * (1.0 + cosTheta * cosTheta) /
           ((2.0 + g2) * denominator * sqrt(denominator));
}

#endif  // ATMOSPHERE_MODEL_GLSL

# Filters the Kassel street-level extract down to what the car map draws.
import json, math, sys
src, out = sys.argv[1], sys.argv[2]
def area_m2(ring):
    lat0 = ring[0][1]; kx = 111320 * math.cos(math.radians(lat0)); ky = 110540
    s = 0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        s += (x1 * kx) * (y2 * ky) - (x2 * kx) * (y1 * ky)
    return abs(s) / 2
def write(name, feats):
    with open(f"{out}/{name}", "w", encoding="utf-8") as f:
        f.write('{"type":"FeatureCollection","features":[\n')
        f.write(",\n".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) for x in feats))
        f.write("\n]}\n")
def load(name): return json.load(open(f"{src}/{name}", encoding="utf-8"))["features"]
keep_landuse = {("landcover","grass"),("landcover","wood"),("landcover","farmland"),("landcover","wetland"),
  ("landuse","residential"),("landuse","industrial"),("landuse","commercial"),("landuse","retail"),
  ("landuse","cemetery"),("landuse","railway"),("park","nature_reserve")}
lu = []
for f in load("kassel_landuse.geojson"):
    p = f["properties"]
    if (p.get("kind"), p.get("class")) not in keep_landuse: continue
    g = f["geometry"]
    polys = [g["coordinates"]] if g["type"] == "Polygon" else g["coordinates"]
    polys = [pl for pl in polys if area_m2(pl[0]) >= 2500]
    if not polys: continue
    f["geometry"] = {"type": "Polygon", "coordinates": polys[0]} if len(polys) == 1 else {"type": "MultiPolygon", "coordinates": polys}
    lu.append(f)
write("kassel_landuse.geojson", lu)
roads = [f for f in load("kassel_roads.geojson") if not (f["properties"].get("class") == "service" and f["properties"].get("service") in ("parking_aisle", "driveway") and "name" not in f["properties"])]
write("kassel_roads.geojson", roads)
water = [f for f in load("kassel_water.geojson") if not (f["properties"].get("kind") == "water" and "name" not in f["properties"] and area_m2(f["geometry"]["coordinates"][0] if f["geometry"]["type"]=="Polygon" else f["geometry"]["coordinates"][0][0]) < 500)]
write("kassel_water.geojson", water)
rail = [f for f in load("kassel_railways.geojson") if f["properties"].get("class") in ("rail", "tram", "light_rail") and f["properties"].get("service") not in ("yard", "siding", "spur", "crossover")]
write("kassel_railways.geojson", rail)
write("kassel_places.geojson", load("kassel_places.geojson"))
print(len(lu), len(roads), len(water), len(rail))
